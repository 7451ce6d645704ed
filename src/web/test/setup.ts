import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor wait for a condition; the default of 1 s is a fixed time in disguise on a
// shared two-core machine (a first render that loads its modules took 1.5 s under load).
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
