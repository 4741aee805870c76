import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';

const commandSchema = z.object({ command: z.string().trim().min(1).max(1000) });
type CommandInput = z.input<typeof commandSchema>;

/** The command line under the console: Enter sends it, the field empties for the next one. */
export function ConsoleCommandForm({
  disabled,
  hint,
  onSend,
}: {
  disabled: boolean;
  hint: string | null;
  onSend: (command: string) => boolean;
}) {
  const { t } = useTranslation();
  const form = useForm<CommandInput>({ resolver: zodResolver(commandSchema), defaultValues: { command: '' } });
  const onSubmit = form.handleSubmit(({ command }) => {
    if (onSend(command.trim())) form.reset({ command: '' });
  });
  return (
    <form className="game-console__command" noValidate onSubmit={onSubmit}>
      <label htmlFor="game-console-command" className="game-console__command-label">
        {t('panel.console.command.label')}
      </label>
      <div className="game-console__command-row">
        <span className="game-console__prompt" aria-hidden="true">
          &gt;
        </span>
        <input
          id="game-console-command"
          className="game-console__command-input"
          autoComplete="off"
          spellCheck={false}
          autoCapitalize="off"
          maxLength={1000}
          placeholder={t('panel.console.command.placeholder')}
          aria-describedby={hint ? 'game-console-command-hint' : undefined}
          {...form.register('command')}
        />
        <button type="submit" className="button button--small" aria-disabled={disabled}>
          {t('panel.console.command.send')}
        </button>
      </div>
      {hint && (
        <p id="game-console-command-hint" className="game-console__hint">
          {hint}
        </p>
      )}
    </form>
  );
}
