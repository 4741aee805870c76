import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CONSOLE_ERRORS,
  consoleSocketPath,
  GAME_POWER_STATES,
  type ConsoleError,
  type GamePowerState,
} from '../../../../../../shared/schemas/game-console';
import { ApiError } from '../../../../api/client';
import { gameResourcesKey } from '../../api/get-game-resources';
import { useOpenConsoleTicket } from '../../api/open-console-ticket';

// The console socket on our origin: a fresh ticket, `auth` with it, then the node's own events
// ({event, args}). A connection lost on its own is tried again a few times; a refusal (a console
// error) waits for the customer's "Reconnect", which takes a new ticket.

export type ConnectionState = 'connecting' | 'connected' | 'closed';
export type ConsoleProblem = ConsoleError | 'rate_limited';

const KEPT_LINES = 1000;
const RETRIES = 4;
const RETRY_MS = 3000;

export interface ConsoleOutput {
  /** Lines so far, then every new one (null: start again, the log is sent anew); answers the unsubscribe. */
  subscribe(write: (line: string | null) => void): () => void;
}

const isConsoleError = (value: unknown): value is ConsoleError => (CONSOLE_ERRORS as readonly unknown[]).includes(value);

export function useConsoleSocket(serviceId: number) {
  const queryClient = useQueryClient();
  const openTicket = useOpenConsoleTicket(serviceId);
  const [connection, setConnection] = useState<ConnectionState>('connecting');
  const [problem, setProblem] = useState<ConsoleProblem | null>(null);
  const [serverState, setServerState] = useState<GamePowerState | null>(null);
  const socketRef = useRef<WebSocket | null>(null);
  const lines = useRef<string[]>([]);
  const writers = useRef(new Set<(line: string | null) => void>());
  const retries = useRef(0);
  const { mutateAsync } = openTicket;

  const write = useCallback((line: string) => {
    lines.current.push(line);
    if (lines.current.length > KEPT_LINES) lines.current.splice(0, lines.current.length - KEPT_LINES);
    for (const writer of writers.current) writer(line);
  }, []);

  // Each attempt (the first, a retry, the customer's "Reconnect") takes a new ticket and a new socket.
  const [attempt, setAttempt] = useState(0);
  const again = useCallback(() => {
    setConnection('connecting');
    setProblem(null);
    setAttempt((n) => n + 1);
  }, []);

  useEffect(() => {
    let cancelled = false;
    let socket: WebSocket | null = null;
    let retryTimer: number | undefined;
    let refused = false;

    const onMessage = (message: MessageEvent<string>) => {
      let data: { event?: unknown; args?: unknown };
      try {
        data = JSON.parse(message.data) as typeof data;
      } catch {
        return;
      }
      const args = Array.isArray(data.args) ? data.args.map(String) : [];
      switch (data.event) {
        case 'auth success':
          retries.current = 0;
          setConnection('connected');
          // The log so far, as the panel's own console asks it.
          lines.current = [];
          for (const writer of writers.current) writer(null);
          socket?.send(JSON.stringify({ event: 'send logs', args: [] }));
          return;
        case 'console output':
        case 'install output':
          return write(args[0] ?? '');
        case 'daemon message':
          return write(`\u001b[33m[${args[0] ?? ''}]\u001b[0m`);
        case 'status':
          if ((GAME_POWER_STATES as readonly string[]).includes(args[0] ?? '')) {
            setServerState(args[0] as GamePowerState);
            void queryClient.invalidateQueries({ queryKey: gameResourcesKey(serviceId) });
          }
          return;
        case 'console error':
          refused = true;
          setProblem(isConsoleError(args[0]) ? args[0] : 'console_closed');
          return;
      }
    };

    mutateAsync().then(
      (ticket) => {
        if (cancelled) return;
        const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
        socket = new WebSocket(`${scheme}://${window.location.host}${consoleSocketPath(serviceId)}`);
        socketRef.current = socket;
        socket.onopen = () => socket?.send(JSON.stringify({ event: 'auth', args: [ticket] }));
        socket.onmessage = onMessage;
        socket.onclose = () => {
          if (cancelled) return;
          setConnection('closed');
          if (refused || retries.current >= RETRIES) return;
          retries.current += 1;
          retryTimer = window.setTimeout(again, RETRY_MS);
        };
      },
      (error: unknown) => {
        if (cancelled) return;
        setConnection('closed');
        const code = error instanceof ApiError ? error.error : null;
        setProblem(isConsoleError(code) ? code : error instanceof ApiError && error.status === 429 ? 'rate_limited' : 'panel_unavailable');
      },
    );

    return () => {
      cancelled = true;
      window.clearTimeout(retryTimer);
      socket?.close();
      if (socketRef.current === socket) socketRef.current = null;
    };
  }, [again, attempt, mutateAsync, queryClient, serviceId, write]);

  const send = useCallback((event: string, arg?: string) => {
    const socket = socketRef.current;
    if (socket?.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify({ event, args: arg === undefined ? [] : [arg] }));
    return true;
  }, []);

  const output = useMemo<ConsoleOutput>(
    () => ({
      subscribe(writer) {
        for (const line of lines.current) writer(line);
        writers.current.add(writer);
        return () => void writers.current.delete(writer);
      },
    }),
    [],
  );

  return {
    connection,
    problem,
    serverState,
    output,
    sendCommand: (command: string) => send('send command', command),
    reconnect: () => {
      retries.current = 0;
      again();
    },
  };
}
