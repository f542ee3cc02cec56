import { describe, expect, it } from 'vitest';
import { isValidElement } from 'react';
import { matchRoutes } from 'react-router';
import { appRoutes, routesForPath } from './router';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** Paths across the table: screens with params, nested back-office screens, unknown paths. */
const paths = [
  '/',
  '/product/2',
  '/product/17',
  '/spas',
  '/booking',
  '/booking/manage/abc',
  '/review/token-1',
  '/login/set-password',
  '/manage',
  '/manage/products',
  '/manage/no-such-screen',
  '/no-such-page',
  '/product/2/extra',
];

describe('the route branch of a path', () => {
  it('matches every path as the whole table does: the same screens and params', () => {
    for (const path of paths) {
      const whole = matchRoutes(appRoutes, path) ?? [];
      const branch = routesForPath(path);
      const fromBranch = matchRoutes(branch.routes, path) ?? [];
      expect(branch.matched).toEqual(whole.map((match) => match.route));
      expect(fromBranch.map((match) => match.params)).toEqual(whole.map((match) => match.params));
      expect(fromBranch.map((match) => match.pathname)).toEqual(
        whole.map((match) => match.pathname),
      );
      // The screen itself is the very route object of the table.
      expect(fromBranch.at(-1)?.route).toBe(whole.at(-1)?.route);
    }
  });

  it('gives every path of one screen the same route objects', () => {
    expect(routesForPath('/product/2').routes).toBe(routesForPath('/product/3').routes);
    expect(routesForPath('/product/2')).toBe(routesForPath('/product/2'));
  });
});

describe('the screens that are not lazy', () => {
  it('have the screen error boundary too, so a part of them that fails keeps the frame', () => {
    const framed = appRoutes[0]?.children ?? [];
    const eager = framed.filter((route) => route.lazy === undefined);
    expect(eager.length).toBeGreaterThan(0);
    for (const route of eager) {
      const element = route.element;
      expect(isValidElement(element) && element.type).toBe(ScreenErrorBoundary);
    }
  });
});
