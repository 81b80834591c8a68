import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Endpoint, endpointPath, successStatus } from './api.ts';
import { endpoints } from './endpoints.ts';

const all: Array<[string, Endpoint]> = Object.entries(endpoints).flatMap(([group, entries]) =>
  Object.entries(entries).map(([name, endpoint]): [string, Endpoint] => [`${group}.${name}`, endpoint]),
);

describe('endpoint map', () => {
  it('has one entry per method and path', () => {
    const routes = all.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each(all)('%s: the path segments and the params schema name the same keys', (_, endpoint) => {
    const names = [...endpoint.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
    const keys = endpoint.params instanceof z.ZodObject ? Object.keys(endpoint.params.shape) : [];
    expect(keys.sort()).toEqual(names.sort());
  });

  it.each(all)('%s: a body only where the method carries one', (_, endpoint) => {
    if (endpoint.method === 'GET') expect(endpoint.body).toBeUndefined();
  });
});

describe('endpointPath', () => {
  it('fills the path segments in, escaped', () => {
    expect(endpointPath(endpoints.budgets.stats, { id: 5 })).toBe('/budgets/5/stats');
    expect(endpointPath(endpoints.accounts.list)).toBe('/accounts');
    expect(endpointPath({ ...endpoints.accounts.get, path: '/x/:name' }, { name: 'a/b c' })).toBe('/x/a%2Fb%20c');
  });
});

describe('successStatus', () => {
  it('is 201 for a creation, 204 without an answer, 200 otherwise', () => {
    expect(successStatus(endpoints.accounts.create)).toBe(201);
    expect(successStatus(endpoints.accounts.delete)).toBe(204);
    expect(successStatus(endpoints.accounts.get)).toBe(200);
  });
});
