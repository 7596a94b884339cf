/** HTTP methods a route file's name may end with, before its code extension (any letter case): `users.get.ts`. */
export const methods = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'connect', 'trace'] as const;
