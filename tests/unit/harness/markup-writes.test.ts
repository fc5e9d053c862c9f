/**
 * T6: file contents with markup (HTML, JSX, Svelte, SVG, XML, text about the protocol itself)
 * reach the workspace byte for byte, through the XML form, the constrained JSON envelope and
 * native calls. The contents are data beside the tests (hostile/markup-writes.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { final, harness, toolResults } from '../helpers';
import { parseTextReply } from '../../../src/lib/harness/protocol/text-protocol';
import type { ScriptedReply } from '../../../src/lib/model/scripted-model-client';

const { files } = JSON.parse(
  readFileSync(join(import.meta.dirname, '../safety/hostile/markup-writes.json'), 'utf8'),
) as { files: { path: string; content: string }[] };

async function written(reply: ScriptedReply, path: string, settings = {}) {
  const h = harness([reply, final('ok')], { settings, model: { capabilities: ['tools'] } });
  await h.agent.run('write it');
  const text = await h.workspace
    .readFile(path)
    .catch((error: Error) => `(not written: ${error.message}; result: ${toolResults(h)[0]})`);
  return text;
}

describe('T6 markup survives every protocol', () => {
  for (const file of files) {
    // The XML form's two conventions: one newline right after <content> is layout, and a value
    // that is all CDATA is unwrapped. Contents that start that way go by JSON (tested below).
    const xmlSafe = !file.content.includes('<![CDATA[');
    if (xmlSafe && !file.content.startsWith('\n')) {
      it(`T6 the XML form writes ${file.path} byte for byte`, async () => {
        const reply =
          `I will write the file.\n<tool name="write_file" ` +
          `path="${file.path}"><content>${file.content}</content></tool>`;
        expect(await written({ text: reply }, file.path)).toBe(file.content);
      });
    }
    if (xmlSafe)
      it(`T6 the XML form with a newline after <content> and with CDATA writes ${file.path} exactly`, async () => {
        expect(
          await written(
            { text: `<tool name="write_file" path="${file.path}"><content>\n${file.content}</content></tool>` },
            file.path,
          ),
        ).toBe(file.content);
        if (!file.content.includes(']]>')) {
          expect(
            await written(
              {
                text:
                  `<tool name="write_file" ` +
                  `path="${file.path}"><content><![CDATA[${file.content}]]></content></tool>`,
              },
              file.path,
            ),
          ).toBe(file.content);
        }
      });
    it(`T6 the JSON envelope and native calls write ${file.path} byte for byte`, async () => {
      const envelope = JSON.stringify({
        action: 'tool',
        name: 'write_file',
        args: { path: file.path, content: file.content },
      });
      expect(
        parseTextReply(
          `<tool>${JSON.stringify({ name: 'write_file', args: { path: file.path, content: file.content } })}</tool>`,
        ),
      ).toMatchObject({ kind: 'tool', calls: [{ arguments: { content: file.content } }] });
      const h = harness([{ text: '<tool>{bad' }, { text: '<tool>{bad' }, { text: envelope }, final('ok')], {
        settings: { limits: { maxSteps: 10, maxTokens: 0, maxSeconds: 0, maxFormatErrors: 5, maxFailedSteps: 0 } },
      });
      await h.agent.run('write');
      expect(h.model.requests[2].format).toBeDefined();
      expect(await h.workspace.readFile(file.path)).toBe(file.content);
      expect(
        await written(
          { toolCalls: [{ name: 'write_file', arguments: { path: file.path, content: file.content } }] },
          file.path,
          { protocol: 'native' },
        ),
      ).toBe(file.content);
    });
  }

  it('T6 a write with markup but no <content> tag takes the whole body as the content', async () => {
    const html = '<html><body><h1>Title</h1></body></html>';
    expect(await written({ text: `<tool name="write_file" path="page.html">${html}</tool>` }, 'page.html')).toBe(html);
  });

  it('T6 patch_file carries markup in old_text and new_text, including tags named like its arguments', async () => {
    const before = '<div>\n  <span class="old">x</span>\n</div>\n';
    const h = harness(
      [
        {
          text:
            '<tool name="patch_file" path="a.html"><old_text><span ' +
            'class="old">x</span></old_text><new_text><span ' +
            'class="new"><new_text>y</new_text></span></new_text></tool>',
        },
        final('ok'),
      ],
      { files: { 'a.html': before } },
    );
    await h.agent.run('patch');
    expect(await h.workspace.readFile('a.html')).toBe(
      '<div>\n  <span class="new"><new_text>y</new_text></span>\n</div>\n',
    );
  });

  it('T6 an argument tag that is never closed is a clear malformed-reply notice, never a write', async () => {
    const h = harness([{ text: '<tool name="write_file" path="x.html"><content><p>open</tool>' }, final('ok')]);
    await h.agent.run('write');
    expect(h.of('parse.result')[0]).toMatchObject({
      kind: 'malformed',
      detail: expect.stringContaining('<content> argument of write_file is not closed'),
    });
    expect(await h.workspace.stat('x.html')).toBeNull();
  });
});
