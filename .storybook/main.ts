import type { StorybookConfig } from '@storybook/react-vite';

// The stories also run as tests (test/stories/*.test.tsx, with composeStories in jsdom).
const config: StorybookConfig = {
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
};

export default config;
