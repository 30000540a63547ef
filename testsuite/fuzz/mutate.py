#!/usr/bin/env python3
"""Mutation runs without libFuzzer (for a machine without libclang-rt-16-dev):
mutates the test programs and runs cl2cuda on each, which must exit 0 or 1
(2 is a usage error, 3 NVRTC rejecting accepted output with --check) within
60 s. Inputs that break it are copied to OUT/ (default /tmp/cl2cuda-mutate).

  testsuite/fuzz/mutate.py spirv SECONDS [SEED]       # SPIR-V modules: words flipped or
      replaced, instructions dropped, duplicated or swapped (build/testsuite/translator/spirv)
  testsuite/fuzz/mutate.py opencl-c SECONDS [SEED] [--check]   # OpenCL C tokens deleted,
      replaced or inserted (testsuite/translator/{golden,exec}, benchmarks/kernels,
      examples), both output modes
"""
import glob, os, random, re, shutil, struct, subprocess, sys, tempfile, time

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
kind, seconds = sys.argv[1], float(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
check = '--check' in sys.argv
out = os.environ.get('OUT', '/tmp/cl2cuda-mutate')
os.makedirs(out, exist_ok=True)
# A copy of the tool and its libraries: a rebuild during the run does not disturb it.
tools = tempfile.mkdtemp(prefix='cl2cuda-mutate-')
for part in ('bin', 'lib'):
    shutil.copytree(os.path.join(root, 'build', part), os.path.join(tools, part), symlinks=True)
cl2cuda = os.path.join(tools, 'bin', 'cl2cuda')
work = os.path.join(tempfile.gettempdir(), 'cl2cuda-mutate-input')

def mutate_spirv(data):
    words = list(struct.unpack('<%dI' % (len(data) // 4), data[:len(data) // 4 * 4]))
    def instructions():
        at, found = 5, []
        while at < len(words) and words[at] >> 16 and at + (words[at] >> 16) <= len(words):
            found.append((at, words[at] >> 16))
            at += words[at] >> 16
        return found
    for _ in range(rng.randint(1, 3)):
        found, choice = instructions(), rng.randrange(5)
        if choice == 0 and len(words) > 5:
            words[rng.randrange(5, len(words))] ^= 1 << rng.randrange(32)
        elif choice == 1 and len(words) > 5:
            words[rng.randrange(5, len(words))] = rng.choice([0, 1, 2, 3, rng.randrange(64), 0xffffffff])
        elif choice == 2 and found:
            at, count = rng.choice(found)
            del words[at:at + count]
        elif choice == 3 and found:
            at, count = rng.choice(found)
            to = rng.choice(found)[0]
            words[to:to] = words[at:at + count]
        elif len(found) > 1:
            (a, n), (b, m) = sorted(rng.sample(found, 2))
            words[:] = words[:a] + words[b:b + m] + words[a + n:b] + words[a:a + n] + words[b + m:]
    return struct.pack('<%dI' % len(words), *words)

TOKEN = re.compile(r'[A-Za-z_][A-Za-z_0-9]*|0x[0-9a-fA-F]+|[0-9.]+[fFuUlL]*|"[^"\n]*"|\S')
EXTRA = ['(', ')', '{', '}', ';', ',', '*', '&', '[', ']', '0', '-1', 'global', 'local',
         'float4', 'half', 'double', '.xyzw', '->', '\n#if 1\n']

def mutate_source(text):
    for _ in range(rng.randint(1, 4)):
        spans = [m.span() for m in TOKEN.finditer(text)]
        words = [text[a:b] for a, b in spans]
        a, b = rng.choice(spans)
        replacement = rng.choice(['', rng.choice(words), text[a:b] + ' ' + rng.choice(words),
                                  rng.choice(EXTRA)])
        text = text[:a] + replacement + text[b:]
    return text

if kind == 'spirv':
    seeds = sorted(glob.glob(os.path.join(root, 'build/testsuite/translator/spirv/**/*.spv'), recursive=True))
    runs = [[]]
else:
    seeds = sorted(glob.glob(os.path.join(root, 'testsuite/translator/golden/*.cl')) +
                   glob.glob(os.path.join(root, 'testsuite/translator/exec/*.cl')) +
                   glob.glob(os.path.join(root, 'benchmarks/kernels/*.cl')) +
                   glob.glob(os.path.join(root, 'examples/*/*.cl')))
    runs = [['--mode=compile'] + (['--check'] if check else []), ['--mode=readable']]
    runs = runs[:1] if check else runs
if not seeds:
    sys.exit('no seeds: build the tests first (build/testsuite/translator/spirv)')
count = broken = 0
deadline = time.time() + seconds
while time.time() < deadline:
    seed = rng.choice(seeds)
    if kind == 'spirv':
        data, suffix = mutate_spirv(open(seed, 'rb').read()), '.spv'
    else:
        data, suffix = mutate_source(open(seed).read()).encode(), '.cl'
    path = work + suffix
    open(path, 'wb').write(data)
    for extra in runs:
        count += 1
        command = [cl2cuda, path, '-o', os.devnull,
                   '-I', os.path.join(root, 'testsuite/translator/golden/include')] + extra
        try:
            status = subprocess.run(command, capture_output=True, timeout=60).returncode
        except subprocess.TimeoutExpired:
            status = 'hang'
        if status not in (0, 1):
            broken += 1
            kept = os.path.join(out, '%s-%s-%d%s' % (kind, status, broken, suffix))
            shutil.copy(path, kept)
            print('broke it (%s): %s from %s' % (status, kept, os.path.basename(seed)), flush=True)
shutil.rmtree(tools)
print('%d runs, %d broke it' % (count, broken))
sys.exit(1 if broken else 0)
