import type { RequestHandler } from 'express';

/**
 * Development and tests: every JSON answer of a 2xx status is checked against its endpoint's
 * response schema and status in the contract; a mismatch becomes a 500 naming the fields, so a
 * test that reads the answer fails at once instead of a client finding out later.
 */
export const checkAnswers: RequestHandler = (_req, res, next) => {
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    const declared = res.locals.endpoint;
    if (!declared || res.statusCode >= 300) return send(body);
    const expected = declared.status ?? 200;
    const problems: string[] = [];
    if (res.statusCode !== expected) problems.push(`status ${res.statusCode}, the contract says ${expected}`);
    if (!declared.response) problems.push('a JSON answer where the contract declares none');
    else {
      const parsed = declared.response.safeParse(body);
      if (!parsed.success) problems.push(...parsed.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`));
    }
    if (!problems.length) return send(body);
    res.status(500);
    return send({
      error: 'answer_breaks_contract',
      message: `${declared.method.toUpperCase()} ${declared.path} answered outside its contract`,
      problems,
    });
  };
  next();
};
