using System;
using System.Runtime.ExceptionServices;
using System.Threading.Tasks;
using Orleans;
using Orleans.Runtime;

namespace Amber.Orleans
{
    /// <summary>
    /// Hands the caller of a grain the <see cref="AmberException"/> that failed the call, instead of the
    /// <see cref="OrleansException"/> Orleans wrapped it in. A grain whose stored state Amber cannot read fails its
    /// activation: Orleans' storage bridge wraps the storage provider's exception (which wraps Amber's) in an
    /// <see cref="OrleansException"/> whose message flattens the whole chain after "Exc level 0:". The caller then has
    /// to dig for the state type, the byte offset and the fix; with this filter it catches an
    /// <see cref="AmberOrleansException"/> saying them first, and finds Orleans' exception (provider, grain) in its
    /// <see cref="Exception.Data"/> under <see cref="OrleansExceptionKey"/>.
    /// </summary>
    internal sealed class AmberExceptionCallFilter : IOutgoingGrainCallFilter
    {
        /// <summary>The key of <see cref="Exception.Data"/> under which the unwrapped exception keeps Orleans' wrapper.</summary>
        public const string OrleansExceptionKey = "OrleansException";

        public Task Invoke(IOutgoingGrainCallContext context)
        {
            Task call = context.Invoke();
            // Most calls succeed, many synchronously: no state machine for them.
            return call.IsCompletedSuccessfully ? call : Unwrap(call);
        }

        private static async Task Unwrap(Task call)
        {
            try
            {
                await call;
            }
            catch (OrleansException ex) when (FindAmber(ex) is AmberException amber)
            {
                amber.Data[OrleansExceptionKey] = ex;
                ExceptionDispatchInfo.Capture(amber).Throw();
            }
        }

        /// <summary>The outermost <see cref="AmberException"/> among the inner exceptions of <paramref name="ex"/>, or null.</summary>
        internal static AmberException? FindAmber(Exception ex)
        {
            for (Exception? e = ex.InnerException; e != null; e = e is AggregateException { InnerExceptions.Count: 1 } agg ? agg.InnerExceptions[0] : e.InnerException)
            {
                if (e is AmberException amber) return amber;
            }
            return null;
        }
    }
}
