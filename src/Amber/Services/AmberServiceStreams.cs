using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Amber.Services
{
    /// <summary>Conversions of async streams for generated service code (a stream of values as a stream of generated messages). Not meant for hand-written code.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    public static class AmberServiceStreams
    {
        /// <summary>Each item of <paramref name="source"/> converted by <paramref name="convert"/>, as they come.</summary>
        public static async IAsyncEnumerable<TOut> Select<TIn, TOut>(IAsyncEnumerable<TIn> source, Func<TIn, TOut> convert, [EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            if (source == null) throw new ArgumentNullException(nameof(source));
            await foreach (TIn item in source.WithCancellation(cancellationToken).ConfigureAwait(false))
            {
                yield return convert(item);
            }
        }

        /// <summary>The task's result converted by <paramref name="convert"/>.</summary>
        public static async Task<TOut> Then<TIn, TOut>(Task<TIn> task, Func<TIn, TOut> convert) => convert(await task.ConfigureAwait(false));

        /// <summary>The task's completion as a result of <paramref name="result"/>.</summary>
        public static async Task<TOut> Then<TOut>(Task task, TOut result)
        {
            await task.ConfigureAwait(false);
            return result;
        }
    }
}
