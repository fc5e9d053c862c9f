export const app = true;
