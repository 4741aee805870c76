import type { ConsoleOutput } from '../features/panel/services/game-console/use-console-socket';

// xterm.js needs a real layout, which jsdom has not (no matchMedia, no canvas): a screen test mocks
// the console's terminal with this stand-in, which prints the lines it is given.
//   vi.mock('<path>/game-console/console-terminal', () => import('<path>/testing/terminal-stand-in'));
export default function TerminalStandIn({ output }: { output: ConsoleOutput }) {
  const ref = (box: HTMLPreElement | null) => {
    if (box) output.subscribe((line) => (box.textContent = line === null ? '' : `${box.textContent}${line}\n`));
  };
  return <pre data-testid="terminal" ref={ref} />;
}
