/** The HTTP methods routes are declared with, lower-case as @koa/router names them. */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';
