import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/tokens';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The alert mail's one-click mute links: the alert id signed with a key derived from SESSION_SECRET. */
export class AlertMuteLinks {
  private readonly key: Buffer;

  constructor(private readonly deps: { secret: string; publicUrl: string }) {
    this.key = createHmac('sha256', deps.secret).update('parley/alert-mute').digest();
  }

  url(alertId: string): string {
    return `${this.deps.publicUrl}/features/alerts/mute?token=${alertId}.${this.sign(alertId)}`;
  }

  /** The alert id of a token we signed; null for any other token. */
  verify(token: string): string | null {
    const parts = token.split('.');
    const [id = '', signature = ''] = parts;
    return parts.length === 2 && isUuid(id) && safeEqual(signature, this.sign(id)) ? id : null;
  }

  private sign(alertId: string): string {
    return createHmac('sha256', this.key).update(alertId).digest('base64url');
  }
}
