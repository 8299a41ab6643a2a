import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { ValidationError } from '../../../domain/errors.js';
import {
  validateApiKey,
  validateConnectionName,
  validateEmbeddingModel,
  validateModelBaseUrl,
  validateModelName,
} from '../../../domain/modelConnections/modelConnectionFields.js';

function refuses(fn: () => unknown, field: string, pattern?: RegExp) {
  try {
    fn();
    assert.unreachable(`expected a ValidationError on ${field}`);
  } catch (err) {
    assert.instance(err, ValidationError);
    assert.is((err as ValidationError).field, field);
    assert.ok((err as Error).message.startsWith(field), (err as Error).message);
    if (pattern) assert.match((err as Error).message, pattern);
  }
}

test('name: trimmed, 1 to 100 characters (code points), one line', () => {
  assert.is(validateConnectionName('  OpenAI  '), 'OpenAI');
  assert.is(validateConnectionName('🙂'.repeat(100)), '🙂'.repeat(100));
  refuses(() => validateConnectionName('a'.repeat(101)), 'name', /100/);
  refuses(() => validateConnectionName('   '), 'name', /required/);
  refuses(() => validateConnectionName(7), 'name', /string/);
  refuses(() => validateConnectionName('a\nb'), 'name', /single line/);
});

test('models: 1 to 200 characters, no spaces; the embedding model may be null or absent', () => {
  assert.is(validateModelName('llama3.1:8b', 'chatModel'), 'llama3.1:8b');
  assert.is(validateModelName('accounts/fireworks/models/x', 'chatModel'), 'accounts/fireworks/models/x');
  refuses(() => validateModelName('a'.repeat(201), 'chatModel'), 'chatModel', /200/);
  refuses(() => validateModelName('gpt 4', 'chatModel'), 'chatModel', /spaces/);
  refuses(() => validateModelName(undefined, 'chatModel'), 'chatModel');
  assert.is(validateEmbeddingModel(undefined), null);
  assert.is(validateEmbeddingModel(null), null);
  refuses(() => validateEmbeddingModel(''), 'embeddingModel', /required/);
});

test('apiKey: 1 to 500 characters of ASCII without spaces', () => {
  assert.is(validateApiKey('sk-abc\n'), 'sk-abc');
  refuses(() => validateApiKey('a'.repeat(501)), 'apiKey', /500/);
  refuses(() => validateApiKey('sk abc'), 'apiKey', /spaces/);
  refuses(() => validateApiKey('sk-é'), 'apiKey', /ASCII/);
  refuses(() => validateApiKey(''), 'apiKey');
  refuses(() => validateApiKey(null), 'apiKey');
});

test('baseUrl: https to a public host, stored without a trailing slash', () => {
  assert.is(validateModelBaseUrl('https://api.openai.com/v1/', []), 'https://api.openai.com/v1');
  assert.is(validateModelBaseUrl('https://API.example.com/openai/v1', []), 'https://api.example.com/openai/v1');
  refuses(() => validateModelBaseUrl('http://api.openai.com/v1', []), 'baseUrl', /https.*LLM_ALLOW_HOSTS/);
  refuses(() => validateModelBaseUrl('https://127.0.0.1:11434/v1', []), 'baseUrl', /private/);
  refuses(() => validateModelBaseUrl('https://10.0.0.8/v1', []), 'baseUrl', /private/);
  refuses(() => validateModelBaseUrl('https://localhost/v1', []), 'baseUrl', /localhost/);
  refuses(() => validateModelBaseUrl('https://ollama.internal/v1', []), 'baseUrl', /internal/);
  refuses(() => validateModelBaseUrl('https://user:pw@api.openai.com/v1', []), 'baseUrl', /password/);
  refuses(() => validateModelBaseUrl('https://api.openai.com/v1?x=1', []), 'baseUrl', /query/);
  refuses(() => validateModelBaseUrl('not a url', []), 'baseUrl', /valid/);
  refuses(() => validateModelBaseUrl(42, []), 'baseUrl', /string/);
});

test('baseUrl: hosts in LLM_ALLOW_HOSTS may use http and private addresses; no other host may', () => {
  const allow = ['127.0.0.1', 'ollama.lan'];
  assert.is(validateModelBaseUrl('http://127.0.0.1:11434/v1', allow), 'http://127.0.0.1:11434/v1');
  assert.is(validateModelBaseUrl('http://ollama.lan:8080/v1', allow), 'http://ollama.lan:8080/v1');
  assert.is(validateModelBaseUrl('https://127.0.0.1/v1', allow), 'https://127.0.0.1/v1');
  refuses(() => validateModelBaseUrl('http://10.0.0.9/v1', allow), 'baseUrl', /https/);
  refuses(() => validateModelBaseUrl('ftp://127.0.0.1/v1', allow), 'baseUrl', /https/);
});

test.run();
