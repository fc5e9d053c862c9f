/** ajv ships CommonJS; under ESM interop the class may sit on `.default`. One place resolves it. */
import AjvModule from 'ajv';

export const Ajv = ((AjvModule as unknown as { default?: typeof AjvModule }).default ?? AjvModule) as typeof AjvModule;
