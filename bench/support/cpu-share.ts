import { readdirSync, readFileSync } from 'node:fs';

/*
 * Where the machine's CPU went during a phase, in milliseconds: this process, PostgreSQL's
 * processes, and everything else (the relay, the bench's children). On a full 2-core machine
 * throughput follows CPU per message, which varies far less between runs than messages/s.
 * Linux only (/proc); elsewhere every figure is NaN.
 */

const TICK_MS = 10; // USER_HZ is 100 on Linux

function machineBusyMs() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  return (cpu.reduce((a, b) => a + b, 0) - cpu[3]! - cpu[4]!) * TICK_MS;
}

/** CPU milliseconds of every live process, by "pid command". */
function processesMs() {
  const byProcess = new Map<string, number>();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Fields after the command name: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      byProcess.set(`${pid} ${command}`, (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      // The process ended while we looked.
    }
  }
  return byProcess;
}

function snapshot() {
  try {
    const own = process.cpuUsage();
    return {
      machine: machineBusyMs(),
      processes: processesMs(),
      self: (own.user + own.system) / 1000,
    };
  } catch {
    return { machine: NaN, processes: new Map<string, number>(), self: NaN };
  }
}

/** Starts counting; `stop()` returns the CPU milliseconds spent since, by whom. */
export function cpuShare() {
  const start = snapshot();
  return {
    stop() {
      const end = snapshot();
      const self = end.self - start.self;
      const machine = end.machine - start.machine;
      const spent = [...end.processes]
        .map(([name, ms]) => [name, ms - (start.processes.get(name) ?? 0)] as const)
        .filter(([name, ms]) => ms > 0 && !name.startsWith(`${process.pid} `));
      const postgres = spent
        .filter(([name]) => name.endsWith(' postgres'))
        .reduce((sum, [, ms]) => sum + ms, 0);
      const top = spent
        .filter(([name]) => !name.endsWith(' postgres'))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 4);
      return { self, postgres, other: machine - self - postgres, machine, top };
    },
  };
}

/** "server 1.23, PostgreSQL 0.45, other 0.67 (total 2.35) ms of CPU per message" */
export function perMessage(
  share: ReturnType<ReturnType<typeof cpuShare>['stop']>,
  count: number,
  selfName: string,
  unit = 'message',
) {
  const f = (ms: number) => (ms / count).toFixed(2);
  const top = share.top.map(([name, ms]) => `${name} ${f(ms)}`).join(', ');
  return `${selfName} ${f(share.self)}, PostgreSQL ${f(share.postgres)}, other ${f(share.other)} (total ${f(share.machine)}) ms of CPU per ${unit}; most of the other: ${top}`;
}
