using System;
using System.Collections.Concurrent;
using System.Threading;

namespace Amber.Soak
{
    /// <summary>
    /// A fixed set of long-lived threads that run each phase together, as a thread pool's threads would: whatever the
    /// runtime keeps per thread ([ThreadStatic] writers, readers, pooled buffers) stays alive from one phase to the next.
    /// </summary>
    internal sealed class Workers : IDisposable
    {
        private readonly Thread[] _threads;
        private readonly SemaphoreSlim[] _go;
        private Action<int>? _work;
        private CountdownEvent? _done;
        private readonly ConcurrentQueue<Exception> _errors = new ConcurrentQueue<Exception>();
        private volatile bool _stopping;

        public Workers(int count)
        {
            _threads = new Thread[count];
            _go = new SemaphoreSlim[count];
            for (int i = 0; i < count; i++)
            {
                int index = i;
                _go[i] = new SemaphoreSlim(0);
                _threads[i] = new Thread(() => Loop(index)) { IsBackground = true, Name = "soak-" + index };
                _threads[i].Start();
            }
        }

        public int Count => _threads.Length;

        /// <summary>Runs <paramref name="work"/> once on every thread (with its index) and waits for all; rethrows the first failure.</summary>
        public void Run(Action<int> work)
        {
            using var done = new CountdownEvent(_threads.Length);
            _work = work;
            _done = done;
            foreach (SemaphoreSlim go in _go) go.Release();
            done.Wait();
            _work = null;
            _done = null;
            if (_errors.TryDequeue(out Exception? error))
            {
                while (_errors.TryDequeue(out _)) { }
                throw new InvalidOperationException("A soak thread failed: " + error.Message, error);
            }
        }

        private void Loop(int index)
        {
            while (true)
            {
                _go[index].Wait();
                if (_stopping) return;
                try
                {
                    _work!(index);
                }
                catch (Exception e)
                {
                    _errors.Enqueue(e);
                }
                finally
                {
                    _done!.Signal();
                }
            }
        }

        public void Dispose()
        {
            _stopping = true;
            foreach (SemaphoreSlim go in _go) go.Release();
            foreach (Thread t in _threads) t.Join();
            foreach (SemaphoreSlim go in _go) go.Dispose();
        }
    }
}
