/** One alert notice as a channel other than the app and mail delivers it (a linked Teams chat). */
export interface AlertDelivery {
  /** The same key is one notice: a channel that can, sends a key once (retries, take-overs). */
  key: string;
  userId: string;
  language: string;
  title: string;
  lines: string[];
  openUrl: string;
}

/**
 * Another place an alert's notice goes after the in-app notice and the mail (like DigestChannel).
 * A channel that fails is logged and does not stop the others.
 */
export interface AlertChannel {
  readonly name: string;
  deliver(notice: AlertDelivery): Promise<void>;
}
