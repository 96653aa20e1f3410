using System;
using System.Diagnostics;
using System.Threading;
using Amber.Fuzz.Targets;

namespace Amber.Fuzz.Engine
{
    /// <summary>
    /// Watches the running execution from another thread. Past the hang limit it records a Hang
    /// finding (so the input is on disk even if the run is then killed); an execution that still has
    /// not returned at the kill limit ends the process, since .NET cannot abort a thread.
    /// </summary>
    internal sealed class Watchdog : IDisposable
    {
        private readonly FuzzOptions _options;
        private readonly FuzzEngine _engine;
        private readonly Thread _thread;
        private volatile bool _stop;

        // The execution in flight: written by the fuzzing thread, read here. _startTicks 0 means idle.
        private long _startTicks;
        private long _execution;
        private FuzzTarget? _target;
        private byte[]? _input;
        private Delivery? _delivery;

        public Watchdog(FuzzOptions options, FuzzEngine engine)
        {
            _options = options;
            _engine = engine;
            _thread = new Thread(Loop) { IsBackground = true, Name = "fuzz watchdog" };
            _thread.Start();
        }

        public void Begin(FuzzTarget target, byte[] input, Delivery delivery)
        {
            _target = target;
            _input = input;
            _delivery = delivery;
            Interlocked.Increment(ref _execution);
            Volatile.Write(ref _startTicks, Stopwatch.GetTimestamp());
        }

        public void End() => Volatile.Write(ref _startTicks, 0);

        private void Loop()
        {
            long reported = -1;
            while (!_stop)
            {
                Thread.Sleep(100);
                long start = Volatile.Read(ref _startTicks);
                if (start == 0) continue;
                long execution = Interlocked.Read(ref _execution);
                TimeSpan running = Stopwatch.GetElapsedTime(start);
                FuzzTarget? target = _target;
                byte[]? input = _input;
                if (target == null || input == null || Volatile.Read(ref _startTicks) != start) continue;
                if (running > _options.HangLimit && reported != execution)
                {
                    reported = execution;
                    _engine.AddFinding(new Finding(target.Name, FindingKind.Hang, "hang", input, _delivery ?? Delivery.Whole,
                        $"Still running after {running.TotalMilliseconds:N0} ms (limit {_options.HangLimit.TotalMilliseconds:N0} ms)."), writeFile: true);
                }
                if (running > _options.KillLimit)
                {
                    _options.Log?.WriteLine($"An execution of {target.Name} has not returned after {running.TotalSeconds:N0} s: ending the process (the input is in the findings).");
                    _options.Log?.Flush();
                    Environment.Exit(3);
                }
            }
        }

        public void Dispose()
        {
            _stop = true;
            _thread.Join();
        }
    }
}
