/**
 * No reading of the wall clock outside the clock module (decision 0060): `new Date()`, `Date()` and
 * `Date.now()` with no argument. Code that needs the time now is handed the app's clock, so a
 * record written and the check that reads it agree on "now", and a test's clock moves both. A
 * duration is `performance.now()`, which no clock change moves. `new Date(value)` is a conversion,
 * not a reading, and stays allowed.
 */
const noWallClock = {
  meta: {
    type: 'problem',
    docs: { description: 'Read the time through the injected clock (src/shared/clock.ts).' },
    messages: {
      wallClock:
        '{{what}} reads the wall clock: take the time from the clock you were given (src/shared/clock.ts), or use performance.now() for a duration.',
    },
    schema: [],
  },
  create(context) {
    const isDate = (node) => node.type === 'Identifier' && node.name === 'Date';
    const report = (node, what) => context.report({ node, messageId: 'wallClock', data: { what } });
    return {
      NewExpression(node) {
        if (isDate(node.callee) && node.arguments.length === 0) report(node, 'new Date()');
      },
      CallExpression(node) {
        const { callee } = node;
        if (isDate(callee)) report(node, 'Date()');
        else if (
          callee.type === 'MemberExpression' &&
          isDate(callee.object) &&
          !callee.computed &&
          callee.property.name === 'now'
        )
          report(node, 'Date.now()');
      },
    };
  },
};

export default { rules: { 'no-wall-clock': noWallClock } };
