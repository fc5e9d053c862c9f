/** P3: `{{name}}` templates that fail loudly when a variable is missing. */

export class TemplateError extends Error {
  constructor(
    readonly section: string,
    readonly missing: string[],
  ) {
    super(`template "${section}" uses undefined variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
    this.name = 'TemplateError';
  }
}

const placeholder = /\{\{\s*([a-zA-Z_][\w.]*)\s*\}\}/g;

/** Names a template uses, in order of first use. */
export function templateVariables(template: string): string[] {
  return [...new Set([...template.matchAll(placeholder)].map((match) => match[1]))];
}

/**
 * Fills every placeholder. A variable that is absent (or undefined) is an error; an empty
 * string is a legitimate value.
 */
export function renderTemplate(section: string, template: string, variables: Record<string, string>): string {
  const missing = templateVariables(template).filter((name) => typeof variables[name] !== 'string');
  if (missing.length > 0) throw new TemplateError(section, missing);
  return template.replace(placeholder, (_all, name: string) => variables[name]);
}
