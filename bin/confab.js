#!/usr/bin/env node
// The operator CLI (docs/cli.md). The sources are TypeScript, run through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../app/cli.ts');
