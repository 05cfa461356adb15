/**
 * A full disk for a child process under test, preloaded with `node --import` (it runs in the process's worker
 * threads too): every write through Node's `fs` to a file whose path contains SKYALERT_TEST_FULL_DISK_AT fails
 * with ENOSPC, as the kernel's write(2) does on a full file system; other files are written normally. DuckDB's own
 * writes (native code) are not affected. Used by the tests of what ingestion does on a full disk.
 */
import fs from 'node:fs';

const at = process.env.SKYALERT_TEST_FULL_DISK_AT;
/** Descriptors of the files on the "full disk". */
const full = new Set();

function enospc() {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    errno: -28,
    code: 'ENOSPC',
    syscall: 'write',
  });
}

if (at) {
  const { open, openSync, write, writeSync } = fs;
  fs.openSync = (file, ...rest) => {
    const fd = openSync(file, ...rest);
    if (String(file).includes(at)) full.add(fd);
    return fd;
  };
  fs.open = (file, ...rest) => {
    const callback = rest.pop();
    open(file, ...rest, (err, fd) => {
      if (!err && String(file).includes(at)) full.add(fd);
      callback(err, fd);
    });
  };
  fs.writeSync = (fd, ...rest) => {
    if (full.has(fd)) throw enospc();
    return writeSync(fd, ...rest);
  };
  fs.write = (fd, ...rest) => {
    if (!full.has(fd)) return write(fd, ...rest);
    const callback = rest.pop();
    process.nextTick(() => callback(enospc()));
  };
}
