import { type AddressInfo, createServer, type Socket } from 'node:net';

/**
 * A PostgreSQL wire-protocol peer that only authenticates: it asks for the password (cleartext
 * exchange, protocol 3.0) and refuses it with SQLSTATE 28P01, as a real server does. The local
 * test server trusts every password, so this is where a wrong password can be tried for real —
 * by the connector's tests, the server's API tests and the browser tests alike.
 */
export interface PgAuthPeer {
  port: number;
  /** Passwords the clients sent. */
  received: string[];
  close(): Promise<void>;
}

export interface PgAuthPeerOptions {
  /** Put the received password into the error text (a careless server): redaction is tested with it. */
  echoPassword?: () => boolean;
}

export async function startPgAuthPeer(options: PgAuthPeerOptions = {}): Promise<PgAuthPeer> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = Buffer.alloc(0);
    let user = '';
    let started = false;
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
          if (code === 80877103 || code === 80877104) {
            socket.write('N'); // SSLRequest / GSSENCRequest: not here
            continue;
          }
          const fields = body.toString('utf8').split('\0');
          user = fields[fields.indexOf('user') + 1] ?? '';
          started = true;
          const ask = Buffer.alloc(9);
          ask.write('R', 0);
          ask.writeInt32BE(8, 1);
          ask.writeInt32BE(3, 5); // AuthenticationCleartextPassword
          socket.write(ask);
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
        const text = options.echoPassword?.()
          ? `password "${password}" authentication failed`
          : `password authentication failed for user "${user}"`;
        const fields = Buffer.from(`SFATAL\0VFATAL\0C28P01\0M${text}\0\0`, 'utf8');
        const error = Buffer.alloc(5);
        error.write('E', 0);
        error.writeInt32BE(fields.length + 4, 1);
        socket.end(Buffer.concat([error, fields]));
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
