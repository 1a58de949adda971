import { icon } from './icon';

// A state shown, not an action: copied, a guide step done or skipped.
export const CheckIcon = icon(<path d="M4 12.5l5 5L20 6.5" />);
export const TickIcon = icon(<path d="m5 12 5 5 9-10" />);
export const SkipIcon = icon(<path d="M5 12h14" />);
