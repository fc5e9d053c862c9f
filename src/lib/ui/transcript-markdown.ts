/** S4: a session as a Markdown transcript, for notes, issues and teaching material. */
import type { Session } from '../harness/session';

/** A fence longer than any backtick run inside, so the text cannot close it early. */
function fenced(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}

type Item = Session['history'][number];

function modelLines(item: Extract<Item, { kind: 'assistant' }>): string[] {
  // U3: words put in the model's mouth in step mode are not its own; what it said is kept beside them.
  const said = item.edited
    ? [
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
      ]
    : ['## Model', '', fenced(item.content || '(no text)'), ''];
  const calls = item.toolCalls?.length
    ? [fenced(item.toolCalls.map((call) => `${call.name}(${JSON.stringify(call.arguments)})`).join('\n'), 'text'), '']
    : [];
  return [...said, ...calls];
}

/** One history item as Markdown lines; what step mode edited is shown with what it was. */
function itemLines(item: Item): string[] {
  switch (item.kind) {
    case 'user':
      return [
        item.edited ? '## You (edited in step mode)' : '## You',
        '',
        item.content,
        '',
        ...(item.edited ? ['Before the edit:', '', fenced(item.edited.original), ''] : []),
      ];
    case 'assistant':
      return modelLines(item);
    case 'tool':
      return [
        `### Tool \`${item.name}\` ${item.ok ? '(ok)' : '(failed)'}`,
        '',
        fenced(JSON.stringify(item.args, null, 2), 'json'),
        '',
        fenced(item.content),
        '',
        ...(item.edited
          ? ['The result above was edited in step mode; the tool returned:', '', fenced(item.edited.original), '']
          : []),
      ];
    case 'notice':
      return [
        `> **Notice (${item.reason})${item.edited ? ', edited in step mode' : ''}**: ` +
          `${item.content.replace(/\n/g, '\n> ')}`,
        '',
        ...(item.edited ? ['Before the edit:', '', fenced(item.edited.original), ''] : []),
      ];
    default:
      return [];
  }
}

export function transcriptMarkdown(session: Session): string {
  const head = [
    `# ${session.title}`,
    '',
    `- session: ${session.id}`,
    `- model: ${session.model}`,
    `- workspace: ${session.workspace.label}`,
    `- created: ${new Date(session.createdAt).toISOString()}`,
    '',
  ];
  return [...head, ...session.history.flatMap(itemLines)].join('\n');
}
