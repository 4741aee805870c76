import type { PanelEgg } from './types';

// The panel validates with Laravel's rules, written as text (`required|regex:/^([\w\d._-]+)(\.jar)$/`):
// an egg's variables carry theirs. This reads them as the panel does, so the sandbox refuses what
// the real panel would, the fake can answer the panel's 422s, and a product's environment can be
// checked before it is saved. Rules it does not know are skipped (the panel stays the judge).

/** One failed rule: the Laravel rule name (the panel's `meta.rule`) and the panel's sentence. */
export interface RuleFailure {
  rule: string;
  detail: string;
}

/** A failure of one field, named as the panel names it (`environment.SERVER_JARFILE`). */
export interface FieldFailure extends RuleFailure {
  field: string;
}

type Value = unknown;

/** Rules that run on an empty value too: after one of them fails, Laravel stops for that field. */
const IMPLICIT = new Set(['required', 'present']);

const isEmpty = (value: Value) => value === undefined || value === null || value === '';

/** PHP's is_numeric: a number, or text that is one. */
const isNumeric = (value: Value) =>
  (typeof value === 'number' && Number.isFinite(value)) ||
  (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value));

const isInteger = (value: Value) =>
  (typeof value === 'number' && Number.isInteger(value)) || (typeof value === 'string' && /^[+-]?\d+$/.test(value));

/** Splits `a|b:c|regex:/x/` into [name, parameter text]. A regex holding `|` cannot be written this way (Laravel's limit too). */
function parseRules(rules: string): [string, string][] {
  return rules
    .split('|')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const colon = part.indexOf(':');
      return colon < 0 ? [part.toLowerCase(), ''] : [part.slice(0, colon).toLowerCase(), part.slice(colon + 1)];
    });
}

/** A PHP pattern (`/^…$/i`, `#…#`) as a JavaScript RegExp; null when it cannot be read. */
function phpPattern(text: string): RegExp | null {
  const delimiter = text[0];
  if (!delimiter) return null;
  const end = text.lastIndexOf(delimiter);
  if (end <= 0) return null;
  const flags = text.slice(end + 1).replace(/[^imsu]/g, '');
  try {
    return new RegExp(text.slice(1, end), flags);
  } catch {
    return null;
  }
}

/** Laravel's "size" of a value: its number when the field is numeric, else its length. */
function sizeOf(value: Value, numeric: boolean): number {
  if (numeric && isNumeric(value)) return Number(value);
  if (Array.isArray(value)) return value.length;
  return [...String(value ?? '')].length;
}

function sentence(rule: string, attribute: string, params: string[], numeric: boolean): string {
  const unit = numeric ? '' : ' characters';
  switch (rule) {
    case 'required':
      return `The ${attribute} field is required.`;
    case 'present':
      return `The ${attribute} field must be present.`;
    case 'string':
      return `The ${attribute} must be a string.`;
    case 'integer':
      return `The ${attribute} must be an integer.`;
    case 'numeric':
      return `The ${attribute} must be a number.`;
    case 'boolean':
      return `The ${attribute} field must be true or false.`;
    case 'array':
      return `The ${attribute} must be an array.`;
    case 'alpha_dash':
      return `The ${attribute} may only contain letters, numbers, dashes and underscores.`;
    case 'alpha_num':
      return `The ${attribute} may only contain letters and numbers.`;
    case 'in':
      return `The selected ${attribute} is invalid.`;
    case 'max':
      return `The ${attribute} may not be greater than ${params[0]}${unit}.`;
    case 'min':
      return `The ${attribute} must be at least ${params[0]}${unit}.`;
    case 'between':
      return `The ${attribute} must be between ${params[0]} and ${params[1]}${unit}.`;
    case 'size':
      return `The ${attribute} must be ${params[0]}${unit}.`;
    default:
      return `The ${attribute} format is invalid.`;
  }
}

/** Whether `value` passes one rule; undefined for a rule this reader does not know. */
function passes(rule: string, param: string, value: Value, numeric: boolean): boolean | undefined {
  const params = param === '' ? [] : param.split(',');
  const n = (i: number) => Number(params[i]);
  switch (rule) {
    case 'required':
      return !isEmpty(value) && !(Array.isArray(value) && value.length === 0);
    case 'present':
      return value !== undefined;
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return isInteger(value);
    case 'numeric':
      return isNumeric(value);
    case 'boolean':
      return [true, false, 0, 1, '0', '1'].includes(value as never);
    case 'array':
      return Array.isArray(value) || (typeof value === 'object' && value !== null);
    case 'alpha_dash':
      return (typeof value === 'string' || typeof value === 'number') && /^[\p{L}\p{M}\p{N}_-]+$/u.test(String(value));
    case 'alpha_num':
      return (typeof value === 'string' || typeof value === 'number') && /^[\p{L}\p{M}\p{N}]+$/u.test(String(value));
    case 'in':
      return (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') && params.includes(String(value));
    case 'regex': {
      const pattern = phpPattern(param);
      if (!pattern) return undefined;
      return (typeof value === 'string' || typeof value === 'number') && pattern.test(String(value));
    }
    case 'max':
      return sizeOf(value, numeric) <= n(0);
    case 'min':
      return sizeOf(value, numeric) >= n(0);
    case 'between':
      return sizeOf(value, numeric) >= n(0) && sizeOf(value, numeric) <= n(1);
    case 'size':
      return sizeOf(value, numeric) === n(0);
    case 'url':
      return typeof value === 'string' && URL.canParse(value);
    default:
      return undefined;
  }
}

/**
 * The failures of one value against a rule text, as Laravel reports them: nothing for an empty
 * value of a `nullable` or `sometimes`-absent field; one failure when an implicit rule (required,
 * present) fails; otherwise every rule that fails. `value` undefined means the field was not sent.
 */
export function checkRules(value: Value, rules: string, attribute: string): RuleFailure[] {
  const parsed = parseRules(rules);
  const names = new Set(parsed.map(([name]) => name));
  if (names.has('sometimes') && value === undefined) return [];
  // A form's empty text arrives as null (Laravel's ConvertEmptyStringsToNull).
  const given = value === '' ? null : value;
  if (given === undefined && !names.has('required') && !names.has('present')) return [];
  if (names.has('nullable') && given === null && !names.has('required')) return [];
  const numeric = names.has('numeric') || names.has('integer');
  const failures: RuleFailure[] = [];
  for (const [name, param] of parsed) {
    if (name === 'nullable' || name === 'sometimes' || name === 'bail') continue;
    if (passes(name, param, given, numeric) !== false) continue;
    const params = param === '' ? [] : param.split(',');
    failures.push({ rule: name, detail: sentence(name, attribute, params, numeric) });
    if (IMPLICIT.has(name) || names.has('bail')) break;
  }
  return failures;
}

/**
 * What the panel answers for a server's `environment` (its VariableValidatorService, as an admin):
 * every variable of the egg is checked against its own rules with the value given, and a variable
 * left out is not filled with its default: a required one fails.
 */
export function checkEggEnvironment(variables: PanelEgg['variables'], environment: Record<string, unknown>): FieldFailure[] {
  return variables.flatMap((variable) => {
    const value = Object.hasOwn(environment, variable.envVariable) ? environment[variable.envVariable] : null;
    return checkRules(value, variable.rules, `${variable.name} variable`).map((failure) => ({
      field: `environment.${variable.envVariable}`,
      ...failure,
    }));
  });
}

/**
 * The panel's rule for usernames (lower case, 3+ characters of letters, digits, `_`, `.`, `-`,
 * starting and ending with a letter or digit): ours, made to fit.
 */
export function panelUsername(wanted: string, fallback: string): string {
  const cleaned = wanted
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9_.-]/g, '')
    .slice(0, 180)
    .replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
  const tail = fallback.toLowerCase().replace(/[^a-z0-9]/g, '') || '0';
  return cleaned.length >= 3 ? cleaned : `user${tail}`.slice(0, 191);
}
