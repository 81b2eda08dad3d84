import userEvent from '@testing-library/user-event';

/**
 * A user-event session for the tests: `delay: null` skips the `setTimeout` user-event waits for
 * after every key and click by default, which only slows the tests (there is no timer to advance).
 */
export const setupUser = () => userEvent.setup({ delay: null });
