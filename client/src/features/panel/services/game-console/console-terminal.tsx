import { useEffect, useRef } from 'react';
import { FitAddon } from '@xterm/addon-fit';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { openWithAdoptedStyles } from './adopted-styles';
import type { ConsoleOutput } from './use-console-socket';

/**
 * The console's output in xterm.js (loaded with this chunk only), fitted to its box. Read-only: the
 * command line below sends commands. Screen reader mode gives its rows to assistive technology.
 */
export default function ConsoleTerminal({ output, label }: { output: ConsoleOutput; label: string }) {
  const boxRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const terminal = new Terminal({
      convertEol: true,
      disableStdin: true,
      screenReaderMode: true,
      scrollback: 1000,
      fontSize: 13,
      fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
      theme: { background: '#060d20', foreground: '#f1f5fb' },
    });
    const fit = new FitAddon();
    terminal.loadAddon(fit);
    const dropStyles = openWithAdoptedStyles(() => terminal.open(box));
    terminal.textarea?.setAttribute('aria-label', label);
    const refit = () => {
      try {
        fit.fit();
      } catch {
        // The box is not laid out yet (a hidden tab): the next resize fits it.
      }
    };
    refit();
    const observer = new ResizeObserver(refit);
    observer.observe(box);
    const unsubscribe = output.subscribe((line) => (line === null ? terminal.reset() : terminal.writeln(line)));
    return () => {
      unsubscribe();
      observer.disconnect();
      terminal.dispose();
      dropStyles();
    };
  }, [output, label]);

  return <div ref={boxRef} className="game-console__terminal" />;
}
