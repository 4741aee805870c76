import { describe, expect, it } from 'vitest';
import { DEMO_EGGS, defaultEnvironment } from './demo-catalogue';
import { checkEggEnvironment, checkRules, panelUsername } from './panel-validation';

// The panel's Laravel rules as an egg writes them: what the sandbox refuses and the fake answers.

const rulesOf = (value: unknown, rules: string) => checkRules(value, rules, 'field').map((f) => f.rule);

describe('panel rules', () => {
  it('stops at a failed required, and skips an empty nullable value', () => {
    expect(rulesOf(null, 'required|string|max:20')).toEqual(['required']);
    expect(rulesOf('', 'required|string')).toEqual(['required']);
    expect(rulesOf(null, 'nullable|string|max:20')).toEqual([]);
    expect(rulesOf('', 'nullable|integer')).toEqual([]);
  });

  it('runs the rules on a value sent as null that is neither nullable nor required, as Laravel does', () => {
    expect(rulesOf(null, 'string|max:20')).toEqual(['string']);
  });

  it('skips a field not sent unless it is required or must be present; sometimes skips it always', () => {
    expect(rulesOf(undefined, 'string|max:3')).toEqual([]);
    expect(rulesOf(undefined, 'present|nullable|integer')).toEqual(['present']);
    expect(rulesOf(null, 'present|nullable|integer')).toEqual([]);
    expect(rulesOf(undefined, 'sometimes|required|integer')).toEqual([]);
  });

  it('measures numbers by value when the field is numeric, text by its length otherwise', () => {
    expect(rulesOf('48', 'required|integer|between:1,48')).toEqual([]);
    expect(rulesOf('49', 'required|integer|between:1,48')).toEqual(['between']);
    expect(rulesOf('1.21.4', 'required|string|max:5')).toEqual(['max']);
    expect(checkRules(5, 'required|numeric|between:10,1000', 'limits.io')).toEqual([
      { rule: 'between', detail: 'The limits.io must be between 10 and 1000.' },
    ]);
    expect(checkRules('abcdef', 'string|max:5', 'name')).toEqual([
      { rule: 'max', detail: 'The name may not be greater than 5 characters.' },
    ]);
  });

  it('reads PHP patterns, in-lists, booleans and the alpha rules', () => {
    const jar = 'required|regex:/^([\\w\\d._-]+)(\\.jar)$/';
    expect(rulesOf('paper-1.21.jar', jar)).toEqual([]);
    expect(rulesOf('paper.zip', jar)).toEqual(['regex']);
    expect(rulesOf('latest', 'required|string|in:recommended,latest')).toEqual([]);
    expect(rulesOf('nightly', 'required|string|in:recommended,latest')).toEqual(['in']);
    expect(rulesOf('1', 'required|boolean')).toEqual([]);
    expect(rulesOf('yes', 'required|boolean')).toEqual(['boolean']);
    expect(rulesOf('gm_flatgrass', 'required|string|alpha_dash')).toEqual([]);
    expect(rulesOf('gm flatgrass', 'required|string|alpha_dash')).toEqual(['alpha_dash']);
  });

  it('passes a rule it does not know, leaving the panel to judge', () => {
    expect(rulesOf('x', 'required|starts_with:y')).toEqual([]);
  });
});

describe('egg environment', () => {
  it("accepts each demo egg's defaults, except FiveM's empty licence key", () => {
    const failing = DEMO_EGGS.map((egg) => [egg.name, checkEggEnvironment(egg.variables, defaultEnvironment(egg)).map((f) => f.field)]);
    expect(failing).toEqual([
      ['Paper', []],
      ['Forge', []],
      ['Fabric', []],
      ['FiveM', ['environment.FIVEM_LICENSE']],
      ["Garry's Mod", []],
    ]);
  });

  it('names the variable as the panel does and does not fill a missing one with its default', () => {
    const paper = DEMO_EGGS[0]!;
    expect(checkEggEnvironment(paper.variables, { SERVER_JARFILE: 'server.jar' })).toEqual([
      { field: 'environment.BUILD_NUMBER', rule: 'required', detail: 'The Build Number variable field is required.' },
    ]);
  });
});

describe('panel usernames', () => {
  it("fits ours to the panel's rule: lower case, letters, digits, _ . -, a letter or digit at each end", () => {
    expect(panelUsername('Jeanne Martin', '41')).toBe('jeannemartin');
    expect(panelUsername('Élodie_Dupré', '41')).toBe('elodie_dupre');
    expect(panelUsername('.marc.', '41')).toBe('marc');
    expect(panelUsername('李', 'a1-b2')).toBe('usera1b2');
  });
});
