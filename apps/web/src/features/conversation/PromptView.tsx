import type { TPrompt } from '@parley/contract';
import { memo } from 'react';
import { promptListStyle } from './prompts';

/** Choices offered instead of a guess; clicking one asks its phrase. */
export const PromptView = memo(function PromptView({
  prompt,
  onAsk,
  disabled,
}: {
  prompt: TPrompt;
  onAsk: (phrase: string) => void;
  disabled?: boolean;
}) {
  const type = prompt.type ?? 'buttons';
  const direction = prompt.direction ?? 'vertical';
  return (
    <div className="prompt" data-testid="prompt">
      <div className="prompt-title">{prompt.title}</div>
      {prompt.subtitle ? <div className="prompt-subtitle">{prompt.subtitle}</div> : null}
      <ul
        className="prompt-list"
        data-type={type}
        data-direction={direction}
        style={promptListStyle(prompt) as React.CSSProperties}
      >
        {prompt.items.map((item) => (
          <li key={`${item.phrase}-${item.title}`}>
            <button
              type="button"
              className={type === 'cards' ? 'prompt-card' : 'prompt-button'}
              onClick={() => onAsk(item.phrase)}
              disabled={disabled}
              data-testid="prompt-item"
            >
              <span className="prompt-item-title">{item.title}</span>
              {type === 'cards' && item.subtitle ? (
                <span className="prompt-item-subtitle">{item.subtitle}</span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
});
