import net from "node:net";

/**
 * postgres.js's `socket` option: the TCP connection to PostgreSQL with Nagle's algorithm off
 * (TCP_NODELAY, as libpq and node-postgres have it). postgres.js leaves it on, and sends some requests
 * as two writes (a COPY's data, then its end): the second waited for the server to acknowledge the
 * first, which Linux delays by 40 ms. A COPY of a few rows took ~90 ms; each batch of a CSV import
 * lost ~130 ms of its ~400 so (client.server.db.test.ts holds a COPY under 40 ms).
 *
 * postgres.js connects a socket it makes itself; one given by this option it uses as connected: the
 * writes made before the connection is up wait in the socket, and its connect_timeout still runs
 * until the server is ready. Several hosts are taken in turn, as postgres.js does.
 */
export function noDelaySocketOption() {
  let next = 0;
  return (options: PostgresSocketOptions): net.Socket => {
    const socket = new net.Socket();
    socket.setNoDelay(true);
    if (options.path) {
      socket.connect(options.path);
      return socket;
    }
    const i = next++ % options.host.length;
    const host = options.host[i];
    const port = options.port[i] ?? options.port[0];
    socket.connect(port, host);
    // Read by postgres.js for TLS (the server name) and its error messages.
    return Object.assign(socket, { host, port });
  };
}

/** What postgres.js passes to the option (its parsed options; not in its published types). */
type PostgresSocketOptions = { host: string[]; port: number[]; path?: string | false };
