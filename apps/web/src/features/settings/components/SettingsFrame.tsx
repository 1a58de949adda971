import '../settings.css';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SettingsNav } from './SettingsNav';

type SettingsFrameProps = {
  /** The page's test id is `page-<testId>`. */
  testId: string;
  /** A class of the page's own beside `page`. */
  className?: string;
  children: ReactNode;
} & (
  | { title: string; subtitle: ReactNode; back?: never }
  | { back: { to: string; label: string }; title?: never; subtitle?: never }
);

/**
 * The frame of every settings screen: a section's title, subtitle and the settings tabs, or, for a
 * screen inside a section (a source's model), the link back to it; then the screen's content.
 */
export function SettingsFrame(props: SettingsFrameProps) {
  return (
    <section
      className={props.className ? `page ${props.className}` : 'page'}
      data-testid={`page-${props.testId}`}
    >
      {props.back ? (
        <Link to={props.back.to} className="settings-back">
          {props.back.label}
        </Link>
      ) : (
        <>
          <header className="page-header">
            <h1 className="page-title">{props.title}</h1>
            <p className="page-subtitle">{props.subtitle}</p>
          </header>
          <SettingsNav />
        </>
      )}
      {props.children}
    </section>
  );
}
