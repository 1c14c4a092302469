/** An instant as answers carry it (ISO 8601, UTC); a value already a string (read from JSON or SQL text) passes as is. */
export const iso = (value: Date | string): string => (value instanceof Date ? value.toISOString() : value);
