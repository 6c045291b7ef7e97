/** Where the e2e servers listen. Different host names keep their cookies apart. */
export const GENERAL_PORT = Number(process.env.E2E_GENERAL_PORT ?? 4310);
export const CHILDREN_PORT = Number(process.env.E2E_CHILDREN_PORT ?? 4311);
export const BASE_URL = `http://localhost:${GENERAL_PORT}`;
export const CHILDREN_URL = `http://127.0.0.1:${CHILDREN_PORT}`;
