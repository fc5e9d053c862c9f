import { expect, openFresh, presetUrl, runTask, test } from './fixtures';

const model = 'qwen2.5-coder:7b';

test('T8 a before_tool hook set in Settings denies a command; the transcript shows the decision and the model reads why', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      { toolCalls: [{ name: 'run_shell', arguments: { command: 'rm -rf src' } }] },
      { content: 'The hook stopped me; I left src alone.' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto', sample: 'failing-test' }));
  await page.getByRole('banner').getByRole('button', { name: 'Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Settings' });
  await settings
    .getByLabel('before_tool hook command')
    .fill(`echo '{"decision":"deny","reason":"no deletes during class"}'`);
  await settings.getByRole('button', { name: 'Save' }).click();
  await runTask(page, 'Clean up the project.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('left src alone');
  const transcript = page.getByRole('region', { name: 'Transcript' });
  await expect(transcript.getByLabel('Hook decision')).toContainText(
    'hook before_tool (run_shell): deny — no deletes during class',
  );
  await expect(page.getByRole('region', { name: 'Files' })).toContainText('slugify.js');
  await page.getByRole('tab', { name: 'Inspector' }).click();
  await expect(page.getByRole('table', { name: 'Hook decisions' })).toContainText('before_tool');
  await expect(page.getByRole('table', { name: 'Hook decisions' })).toContainText('no deletes during class');
  expect(JSON.stringify(server.chatRequests()[1].body)).toContain('a hook denied run_shell: no deletes during class');
});

test('P5 skills in the workspace are listed in the inspector with the step that loaded them', async ({
  page,
  ollama,
}) => {
  const server = await ollama({
    script: [
      {
        toolCalls: [
          {
            name: 'write_file',
            arguments: { path: '.harness/skills/deploy/SKILL.md', content: 'Deploying\nstaging port 8437\n' },
          },
        ],
      },
      { content: 'wrote it' },
      { toolCalls: [{ name: 'load_skill', arguments: { name: 'deploy' } }] },
      { content: 'Staging listens on 8437.' },
    ],
  });
  await openFresh(page, presetUrl({ host: server.url, model, approval: 'auto', sample: 'failing-test' }));
  await runTask(page, 'Write the deploy skill.');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('wrote it');
  await runTask(page, 'Which port does staging use?');
  await expect(page.getByRole('region', { name: 'Final answer' })).toContainText('8437');
  const second = JSON.stringify(server.chatRequests()[2].body);
  expect(second).toContain('- deploy: Deploying');
  await page.getByRole('tab', { name: 'Inspector' }).click();
  await expect(page.getByRole('list', { name: 'Skills' })).toContainText('deploy — Deploying loaded at step 1');
});
