/** The dev server Playwright starts beside the preview: it serves source modules for in-page checks. */
export const devPort = Number(process.env.E2E_DEV_PORT ?? 4174);
export const devServer = `http://127.0.0.1:${devPort}`;
