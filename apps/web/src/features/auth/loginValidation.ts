import { schemaResolver } from '@mantine/form';
import { loginInput } from '@presente/shared';

/**
 * The login form's checks, by the shared schema. Its own chunk (zod is ~30 KB compressed): the login page
 * shows without it and fetches it at once, long before the first submit (decision 0026).
 */
export const validateLogin = schemaResolver(loginInput, { sync: true });
