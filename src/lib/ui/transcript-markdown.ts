/** S4: a session as a Markdown transcript, for notes, issues and teaching material. */
import type { Session } from '../harness/session';

/** A fence longer than any backtick run inside, so the text cannot close it early. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

export function transcriptMarkdown(session: Session): string {
  const lines = [
    `# ${session.title}`,
    '',
    `- session: ${session.id}`,
    `- model: ${session.model}`,
    `- workspace: ${session.workspace.label}`,
    `- created: ${new Date(session.createdAt).toISOString()}`,
    '',
  ];
  for (const item of session.history) {
    switch (item.kind) {
      case 'user':
        lines.push('## You', '', item.content, '');
        break;
      case 'assistant':
        lines.push('## Model', '', fenced(item.content || '(no text)'), '');
        if (item.toolCalls?.length)
          lines.push(
            fenced(item.toolCalls.map((call) => `${call.name}(${JSON.stringify(call.arguments)})`).join('\n'), 'text'),
            '',
          );
        break;
      case 'tool':
        lines.push(
          `### Tool \`${item.name}\` ${item.ok ? '(ok)' : '(failed)'}`,
          '',
          fenced(JSON.stringify(item.args, null, 2), 'json'),
          '',
          fenced(item.content),
          '',
        );
        break;
      case 'notice':
        lines.push(`> **Notice (${item.reason})**: ${item.content.replace(/\n/g, '\n> ')}`, '');
        break;
    }
  }
  return lines.join('\n');
}
