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
        lines.push(item.edited ? '## You (edited in step mode)' : '## You', '', item.content, '');
        if (item.edited) lines.push('Before the edit:', '', fenced(item.edited.original), '');
        break;
      case 'assistant':
        // U3: words put in the model's mouth in step mode are not its own; what it said is kept beside them.
        if (item.edited)
          lines.push(
            '## Model (reply edited in step mode)',
            '',
            'Sent on as:',
            '',
            fenced(item.content || '(no text)'),
            '',
            'What the model really said:',
            '',
            fenced(item.edited.original || '(no text)'),
            '',
          );
        else lines.push('## Model', '', fenced(item.content || '(no text)'), '');
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
          ...(item.edited
            ? ['The result above was edited in step mode; the tool returned:', '', fenced(item.edited.original), '']
            : []),
        );
        break;
      case 'notice':
        lines.push(
          `> **Notice (${item.reason})${item.edited ? ', edited in step mode' : ''}**: ` +
            `${item.content.replace(/\n/g, '\n> ')}`,
          '',
          ...(item.edited ? ['Before the edit:', '', fenced(item.edited.original), ''] : []),
        );
        break;
    }
  }
  return lines.join('\n');
}
