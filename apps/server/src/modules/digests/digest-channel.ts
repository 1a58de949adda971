import type { TCollectionResponse } from '@parley/contract';

/** One digest as a channel other than mail delivers it: whose it is, the collection, its cards. */
export interface DigestDelivery {
  userId: string;
  collectionName: string;
  responses: TCollectionResponse[];
  /** The collection in Parley. */
  openUrl: string;
  language: string;
}

/**
 * Another place a digest goes after its mail (a linked Teams chat). The digest job calls every
 * channel once the mail is queued; a channel that fails is logged and does not stop the mail.
 */
export interface DigestChannel {
  readonly name: string;
  deliver(digest: DigestDelivery): Promise<void>;
}
