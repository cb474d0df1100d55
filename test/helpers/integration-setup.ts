import { jest } from '@jest/globals';

// Integration tests start workers and wait on real servers; their own deadlines are the real limit.
jest.setTimeout(180_000);
