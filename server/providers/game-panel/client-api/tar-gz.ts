import { gzipSync } from 'node:zlib';

// A real, small .tar.gz (POSIX ustar, gzipped) for the sandbox's backup downloads: what `tar -xzf`
// opens, so a customer trying the demo gets a file that behaves like a backup.

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(512);
  const field = (offset: number, length: number, value: string) => block.write(value, offset, length, 'ascii');
  const octal = (offset: number, length: number, value: number) =>
    field(offset, length, `${value.toString(8).padStart(length - 1, '0')}\0`);
  field(0, 100, name);
  octal(100, 8, 0o644);
  octal(108, 8, 0);
  octal(116, 8, 0);
  octal(124, 12, size);
  octal(136, 12, Math.floor(mtime.getTime() / 1000));
  block.fill(' ', 148, 156); // the checksum counts its own field as spaces
  field(156, 1, '0');
  field(257, 6, 'ustar\0');
  field(263, 2, '00');
  const sum = block.reduce((total, byte) => total + byte, 0);
  field(148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return block;
}

export function tarGz(files: { name: string; content: string }[], mtime: Date): Buffer {
  const parts: Buffer[] = [];
  for (const file of files) {
    const body = Buffer.from(file.content, 'utf8');
    parts.push(header(file.name, body.length, mtime), body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024)); // two empty blocks end the archive
  return gzipSync(Buffer.concat(parts));
}
