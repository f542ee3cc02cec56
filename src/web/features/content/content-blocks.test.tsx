// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { clientConfigSchema, type ClientConfig } from '@common/client-config';
import type { PageBlock } from '@common/content';
import { PageBlockView } from './content-blocks';

function seedClient(code: string): ClientConfig {
  const file = resolve(import.meta.dirname, `../../../../seed/clients/${code}.json`);
  return clientConfigSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

function renderBlock(client: ClientConfig, block: PageBlock) {
  return render(
    <MemoryRouter>
      <PageBlockView block={block} client={client} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('content blocks', () => {
  it('links a document shipped with the site to the built file, and any other to the media folder', () => {
    renderBlock(seedClient('SE'), {
      type: 'documents',
      documents: [
        { title: 'Keypad manual', description: 'Buttons.', file: 'keypad-manual.pdf' },
        { title: 'Price list', description: 'Prices.', file: 'docs/prices.pdf' },
      ],
    });
    const keypad = screen.getByRole('link', { name: 'Keypad manual (PDF)' }).getAttribute('href');
    expect(keypad).toMatch(/keypad-manual.*\.pdf/);
    expect(keypad).not.toMatch(/^\/media\//);
    expect(screen.getByRole('link', { name: 'Price list (PDF)' }).getAttribute('href')).toBe(
      '/media/SE/docs/prices.pdf',
    );
  });

  it("ends a mailto sentence with the client's address and the subject filled in", () => {
    const client = seedClient('JS');
    renderBlock(client, { type: 'mailto', text: 'Write to', subject: 'Joining the club' });
    expect(screen.getByRole('link', { name: client.email }).getAttribute('href')).toBe(
      `mailto:${client.email}?subject=Joining%20the%20club`,
    );
  });

  it('shows a video that fetches nothing until played, described by its caption', () => {
    const { container } = renderBlock(seedClient('RRB'), {
      type: 'video',
      file: 'nails.mp4',
      poster: 'gallery/1.jpeg',
      title: 'A manicure',
      description: 'Two minutes at the nail bar.',
    });
    const video = container.querySelector('video')!;
    expect(video.getAttribute('preload')).toBe('none');
    expect(video.getAttribute('poster')).toBe('/media/RRB/gallery/1.jpeg');
    const description = document.getElementById(video.getAttribute('aria-describedby')!);
    expect(description?.textContent).toContain('Two minutes at the nail bar.');
    expect(container.querySelector('track')).toBeNull();
  });

  it('shows a video without a file as its poster marked coming soon, with no player', () => {
    const { container } = renderBlock(seedClient('RRB'), {
      type: 'video',
      poster: 'gallery/1.jpeg',
      title: 'A manicure',
      description: 'Two minutes at the nail bar.',
    });
    expect(container.querySelector('video')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/media/RRB/gallery/1.jpeg');
    expect(screen.getByText('Video coming soon')).toBeTruthy();
  });

  it("has RRB's nails page show no player until the clip exists", () => {
    const nails = seedClient('RRB').pages['/nails']!;
    const video = nails.blocks.find((block) => block.type === 'video');
    expect(video && 'file' in video ? video.file : undefined).toBeUndefined();
  });

  it('draws a link as a button or as plain text, as the block says', () => {
    const client = seedClient('PHEC');
    renderBlock(client, { type: 'link', text: 'Get a quote', to: '/contact', style: 'button' });
    expect(screen.getByRole('link', { name: 'Get a quote' }).className).toContain('button');
    cleanup();
    renderBlock(client, { type: 'link', text: 'Home', to: '/', style: 'plain' });
    expect(screen.getByRole('link', { name: 'Home' }).className).toBe('');
  });
});
