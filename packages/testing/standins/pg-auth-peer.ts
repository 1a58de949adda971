import { type AddressInfo, createServer, type Socket } from 'node:net';

/**
 * A PostgreSQL wire-protocol peer that only opens connections far enough to refuse them, as a real
 * server does (protocol 3.0, https://www.postgresql.org/docs/current/protocol-flow.html): a wrong
 * password (28P01), a database that does not exist (3D000) or a pg_hba.conf that only admits
 * encrypted connections (28000). It never speaks TLS. The local test server trusts every password
 * and has whatever databases and TLS it has, so this is where these failures are tried for real —
 * by the connector's tests, the server's API tests and the browser tests alike.
 */
export interface PgAuthPeer {
  port: number;
  /** Passwords the clients sent. */
  received: string[];
  close(): Promise<void>;
}

/**
 * How a connection is refused: `password` asks for it and refuses it; `database` accepts it and
 * then finds no such database (the check follows authentication); `encryption` refuses before
 * authentication, as a `hostssl`-only pg_hba.conf does for an unencrypted client.
 */
export type PgRefusal = 'password' | 'database' | 'encryption';

export interface PgAuthPeerOptions {
  /** Put the received password into the error text (a careless server): redaction is tested with it. */
  echoPassword?: () => boolean;
  /** The refusal of the next connection; `password` unless told. */
  refusal?: () => PgRefusal;
}

// Request codes of SSLRequest and GSSENCRequest (protocol-message-formats.html).
const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/** A backend message: its type byte, an Int32 length counting itself, then the body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

/** An Authentication message with its Int32 code (0 AuthenticationOk, 3 cleartext password). */
const authentication = (code: number) => {
  const body = Buffer.alloc(4);
  body.writeInt32BE(code, 0);
  return message('R', body);
};

/** A FATAL ErrorResponse with a SQLSTATE (errcodes-appendix.html) and the server's text. */
const fatal = (sqlstate: string, text: string) =>
  message('E', Buffer.from(`SFATAL\0VFATAL\0C${sqlstate}\0M${text}\0\0`, 'utf8'));

export async function startPgAuthPeer(options: PgAuthPeerOptions = {}): Promise<PgAuthPeer> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let user = '';
    let database = '';
    let started = false;
    const refusal = options.refusal?.() ?? 'password';
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          const code = buffer.readInt32BE(4);
          const body = buffer.subarray(8, length);
          buffer = buffer.subarray(length);
          if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
            // "N": unwilling to encrypt; the client goes on in the clear or gives up (protocol-flow.html).
            socket.write('N');
            continue;
          }
          const fields = body.toString('utf8').split('\0');
          const field = (name: string) => {
            const at = fields.indexOf(name);
            return at < 0 ? '' : (fields[at + 1] ?? '');
          };
          user = field('user');
          database = field('database') || user;
          started = true;
          if (refusal === 'encryption') {
            const address = socket.remoteAddress?.replace(/^::ffff:/, '') ?? '';
            socket.end(
              fatal(
                '28000',
                `no pg_hba.conf entry for host "${address}", user "${user}", database "${database}", no encryption`,
              ),
            );
            return;
          }
          socket.write(authentication(3));
          continue;
        }
        if (buffer.length < 5) return;
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) return;
        const type = String.fromCharCode(buffer[0]!);
        const body = buffer.subarray(5, length + 1);
        buffer = buffer.subarray(length + 1);
        if (type !== 'p') continue;
        const password = body.toString('utf8').replace(/\0$/, '');
        received.push(password);
        if (refusal === 'database') {
          socket.end(
            Buffer.concat([authentication(0), fatal('3D000', `database "${database}" does not exist`)]),
          );
          return;
        }
        const text = options.echoPassword?.()
          ? `password "${password}" authentication failed`
          : `password authentication failed for user "${user}"`;
        socket.end(fatal('28P01', text));
        return;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
