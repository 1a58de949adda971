import { icon } from './icon';

// An answer's feedback: thumbs and the feedback form.
export const ThumbUpIcon = icon(
  <>
    <path d="M7 10v11H4V10z" />
    <path d="M7 10l4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2.3l-1.3 7A2 2 0 0 1 17.7 21H7" />
  </>,
);
export const ThumbDownIcon = icon(
  <>
    <path d="M17 14V3h3v11z" />
    <path d="M17 14l-4 7a2 2 0 0 1-3-2l1-5H5a2 2 0 0 1-2-2.3l1.3-7A2 2 0 0 1 6.3 3H17" />
  </>,
);
export const FeedbackIcon = icon(
  <>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M9 10h6" />
  </>,
);
