/** LLM_ALLOW_HOSTS, MODEL_KEY_SECRET and the platform default OPENAI_* (docs/configuration.md, AI models). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../infrastructure/config.js';

const refuses = (env: Record<string, string>, pattern: RegExp) =>
  assert.throws(
    () => loadConfig(env),
    (e: Error) => pattern.test(e.message),
  );

test('LLM_ALLOW_HOSTS: a comma list, empty by default', () => {
  assert.equal(loadConfig({}).llmAllowHosts, []);
  assert.equal(loadConfig({ LLM_ALLOW_HOSTS: ' 127.0.0.1, ollama.lan ,[::1]' }).llmAllowHosts, [
    '127.0.0.1',
    'ollama.lan',
    '[::1]',
  ]);
  refuses({ LLM_ALLOW_HOSTS: 'http://ollama.lan/' }, /^LLM_ALLOW_HOSTS must be a comma list/);
});

test('MODEL_KEY_SECRET: 32 bytes as hex or base64, never echoed', () => {
  assert.is(loadConfig({ MODEL_KEY_SECRET: 'ab'.repeat(32) }).modelKeySecret, 'ab'.repeat(32));
  assert.is(loadConfig({}).modelKeySecret, undefined);
  try {
    loadConfig({ MODEL_KEY_SECRET: 'short-secret' });
    assert.unreachable('should refuse');
  } catch (err) {
    assert.match((err as Error).message, /MODEL_KEY_SECRET must be 32 bytes/);
    assert.not.ok((err as Error).message.includes('short-secret'));
  }
});

test('the platform default: OPENAI_API_KEY and OPENAI_MODEL together, OpenAI as the default base URL', () => {
  assert.is(loadConfig({}).platformModel, undefined);
  assert.equal(loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'gpt-4o-mini' }).platformModel, {
    baseUrl: 'https://api.openai.com/v1',
    apiKey: 'sk-x',
    chatModel: 'gpt-4o-mini',
  });
  assert.is(
    loadConfig({ OPENAI_API_KEY: 'sk-x', OPENAI_MODEL: 'm', OPENAI_BASE_URL: 'http://10.0.0.2:8000/v1/' }).platformModel
      ?.baseUrl,
    'http://10.0.0.2:8000/v1',
  );
  refuses({ OPENAI_API_KEY: 'sk-x' }, /OPENAI_API_KEY and OPENAI_MODEL must be set together/);
  refuses({ OPENAI_MODEL: 'gpt-4o-mini' }, /OPENAI_MODEL and OPENAI_API_KEY must be set together/);
  refuses({ OPENAI_API_KEY: 'sk x', OPENAI_MODEL: 'm' }, /^OPENAI_API_KEY must be an API key/);
  refuses({ OPENAI_BASE_URL: 'ftp://x', OPENAI_API_KEY: 'k', OPENAI_MODEL: 'm' }, /OPENAI_BASE_URL must be a URL/);
});

test.run();
