import { SOCKET_PATH, type ClientToServerEvents, type ServerToClientEvents } from '@pixtract/contracts';
import { io, type Socket } from 'socket.io-client';

export type PixtractSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

let socket: PixtractSocket | undefined;

/** The app's single socket.io connection, opened on first use (pages without live updates never connect). */
export function getSocket(): PixtractSocket {
  socket ??= io({ path: SOCKET_PATH, transports: ['websocket', 'polling'] });
  return socket;
}
