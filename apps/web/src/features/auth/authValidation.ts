import { schemaResolver } from '@mantine/form';
import { loginInput, registerInput } from '@presente/shared';

/**
 * The sign-in pages' checks, by the shared schemas. Their own chunk (zod is ~22 KB compressed): the login and
 * register pages show without it and fetch it at once, long before the first submit (decisions 0026, 0050).
 * Load it through `lazyValidation.ts`.
 */
export const validateLogin = schemaResolver(loginInput, { sync: true });
export const validateRegister = schemaResolver(registerInput, { sync: true });
