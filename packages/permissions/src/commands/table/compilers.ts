/**
 * The C and C++ compiler drivers. A driver runs programs of its own (the preprocessor and
 * compiler proper, the assembler, the linker), and some of its options choose which: `-wrapper
 * PROG,ARGS` runs every pass under PROG (an argv given with commas), `-B PREFIX` runs the passes
 * found under PREFIX, `-fplugin=F` (and clang's `-fpass-plugin=F`, `-Xclang -load`) loads code
 * into the compiler, `-fuse-ld=PATH` runs PATH as the linker, `-specs=F` reads a specs file that
 * may name any program as a pass, and `@FILE` reads more options from a file. Facts from GCC's
 * manual (Overall, Directory, Preprocessor and Linker options) and clang's command-line reference.
 */
import type { CommandFact } from '../types';

export const COMPILERS: readonly CommandFact[] = [
  {
    // clang takes the same spellings (and refuses `-wrapper` and `-specs`, which GCC reads):
    // one entry, so a fact about the driver is said once.
    names: ['gcc', 'cc', 'c++', 'g++', 'clang', 'clang++'],
    summary:
      'the C and C++ compiler drivers: compile and link the files they are given, running their own passes or the programs -wrapper, -B, -fplugin and -specs name',
    // Long options take one dash (`-wrapper`, `-std=c99`); a word naming none of them is a
    // cluster of the letters below (`-O2`, `-Wall`, `-DNAME=1`, `-fPIC`), the letter's value
    // attached (`-O::`) or, for the letters that take one, the next word (`-o app`, `-I dir`).
    singleDash: true,
    permute: true,
    short: 'o:I:L:l:D:U:x:B:u:T:e:z:O::W::f::m::g::cSEvswpPCHM',
    long:
      'wrapper= specs= MF= MT= MQ= MD MMD MM MP MG include= imacros= isystem= iquote= idirafter= ' +
      'iprefix= iwithprefix= isysroot= sysroot= Xlinker= Xassembler= Xpreprocessor= Xclang= ' +
      'target= arch= framework= std= ansi pedantic pedantic-errors pthread shared static ' +
      'static-libgcc static-libstdc++ shared-libgcc rdynamic pie no-pie pipe nostdlib nostdinc ' +
      'nostdinc++ nodefaultlibs nostartfiles save-temps=? time=? dumpversion dumpfullversion ' +
      'dumpmachine dumpspecs print-search-dirs print-libgcc-file-name print-multiarch ' +
      'print-sysroot print-file-name= print-prog-name= version help=? target-help',
    values: {
      '-o': 'write',
      '-MF': 'write',
      '-D': 'name',
      '-U': 'name',
      '-l': 'name',
      '-u': 'name',
      '-e': 'name',
      '-x': 'value',
      '-z': 'value',
      '-O': 'value',
      '-W': 'value',
      '-f': 'value',
      '-m': 'value',
      '-g': 'value',
      '-MT': 'value',
      '-MQ': 'value',
      '-std': 'value',
      '-target': 'value',
      '-arch': 'value',
      '-framework': 'name',
      '-T': 'read',
      '-include': 'read',
      '-imacros': 'read',
      '-specs': 'read',
      // `-wrapper gdb,--args` runs each pass as `gdb --args cc1 …`: a command given as an argv.
      '-wrapper': 'script',
    },
    scriptFormat: { '-wrapper': 'comma-argv' },
    effects: {
      // The passes (cc1, as, collect2, ld) are looked for under the prefix first.
      '-B': ['runs'],
      '-f=plugin=*': ['runs'],
      '-f=pass-plugin=*': ['runs'],
      // `-fuse-ld=bfd|gold|lld` picks an installed linker; a path runs that program.
      '-f=use-ld=*/*': ['runs'],
      '-Xclang=-load': ['runs'],
      '-Xlinker=*plugin*': ['runs'],
      '-W=l,*plugin*': ['runs'],
      // A specs file sets the command line of each pass: any program may be one.
      '-specs': ['reads-options', 'runs'],
    },
    // `gcc @opts main.c`: the options in `opts` are read as if given here.
    optionFiles: '@',
    operands: ['read'],
    // Without `-o`, a link writes `a.out`; `-c`, `-S` and `-E` stop before linking.
    writesFiles: { files: ['a.out'], unless: ['-o', '-c', '-S', '-E'] },
    examples: [
      {
        argv: ['gcc', '-O2', '-o', 'app', 'main.c'],
        roles: { 3: 'write', 4: 'read' },
        readings: 1,
        prefix: ['gcc'],
      },
      { argv: ['cc', '-Wall', '-DDEBUG=1', '-Iinclude', '-c', 'x.c'], readings: 1, notEffects: ['runs'] },
      { argv: ['gcc', 'main.c'], writes: 'a.out' },
      { argv: ['gcc', '-c', 'main.c'], writes: '' },
      {
        argv: ['gcc', '-wrapper', 'rm,-rf,x', 'a.c'],
        roles: { 2: 'script', 3: 'read' },
        commandLines: ['rm -rf x'],
      },
      { argv: ['gcc', '-wrapper', 'sh,-c,rm -rf x', 'a.c'], commandLines: ["sh -c 'rm -rf x'"] },
      { argv: ['gcc', '-B', '/tmp/evil', 'a.c'], effects: ['runs'], commandLines: [] },
      { argv: ['clang', '-fplugin=./p.so', 'a.c'], effects: ['runs'] },
      { argv: ['clang', '-fuse-ld=/tmp/ld', 'a.c'], effects: ['runs'] },
      { argv: ['clang', '-fuse-ld=lld', 'a.c'], notEffects: ['runs'] },
      { argv: ['g++', '-specs=my.specs', 'a.cc'], effects: ['runs', 'reads-options'] },
      { argv: ['gcc', '@opts', 'a.c'], effects: ['reads-options'] },
      { argv: ['gcc', '-Wl,--plugin=x.so', 'a.c'], effects: ['runs'] },
      {
        argv: ['clang++', '-std=c++17', '-fPIC', '-shared', '-o', 'lib.so', 'a.cc'],
        readings: 1,
        notEffects: ['runs'],
      },
    ],
  },
];
