// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { answerDialog, stubDialogElement } from '../../testing/dialogs';
import { useDialogs, type Dialogs } from './dialog-context';
import { renderPage } from '../../testing/render-page';

beforeAll(stubDialogElement);
afterEach(cleanup);

function mount() {
  const box: { dialogs: Dialogs | null } = { dialogs: null };
  function Probe() {
    box.dialogs = useDialogs();
    return <button type="button">page</button>;
  }
  renderPage(<Probe />, { path: 'probe', url: '/fr/probe' }); // the app's providers, DialogProvider included
  return box.dialogs!;
}

describe('in-app alert and confirm (issue 17: no browser dialogs)', () => {
  it('alert shows the text with one OK button, named by the text, and resolves on OK', async () => {
    const dialogs = mount();
    let done = false;
    act(() => void dialogs.alert('VPS attribué avec succès !').then(() => (done = true)));
    const dialog = screen.getByRole('alertdialog', { name: 'VPS attribué avec succès !' });
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['OK']);
    expect(document.activeElement?.textContent).toBe('OK');
    expect(done).toBe(false);
    await answerDialog('VPS attribué avec succès !', 'OK');
    expect(done).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('confirm resolves true on Confirmer, false on Annuler and on Escape (close), focus on Annuler first', async () => {
    const dialogs = mount();
    const answers: boolean[] = [];
    act(() => void dialogs.confirm('Archiver ?').then((yes) => answers.push(yes)));
    expect(document.activeElement?.textContent).toBe('Annuler');
    await answerDialog('Archiver ?', 'Confirmer');
    act(() => void dialogs.confirm('Archiver ?').then((yes) => answers.push(yes)));
    await answerDialog('Archiver ?', 'Annuler');
    act(() => void dialogs.confirm('Archiver ?').then((yes) => answers.push(yes)));
    await act(async () => {
      screen.getByRole('alertdialog', { name: 'Archiver ?' }).dispatchEvent(new Event('close'));
    });
    expect(answers).toEqual([true, false, false]);
  });

  it('two at once open one after the other, in order', async () => {
    const dialogs = mount();
    act(() => {
      void dialogs.alert('premier');
      void dialogs.alert('second');
    });
    expect(screen.getAllByRole('alertdialog')).toHaveLength(1);
    await answerDialog('premier', 'OK');
    await answerDialog('second', 'OK');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
