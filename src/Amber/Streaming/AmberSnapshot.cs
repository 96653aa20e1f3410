using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using System.Threading.Tasks;

namespace Amber.Streaming
{
    /// <summary>
    /// Snapshot files: a chunked stream (<see cref="AmberStream"/>) written atomically. The items go to
    /// a temporary file beside the target, which is flushed to the disk and then renamed over the
    /// target, so a crash mid-write leaves the previous snapshot in place — never half a file under the
    /// snapshot's name.
    /// </summary>
    public static class AmberSnapshot
    {
        /// <summary>Writes <paramref name="items"/> to <paramref name="path"/> atomically.</summary>
        public static void WriteFile<[AmberRoot] T>(string path, IEnumerable<T> items, AmberStreamOptions? options = null)
        {
            string temp = TempPath(path);
            try
            {
                using (var file = new FileStream(temp, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1 << 16))
                {
                    AmberStream.Write(file, items, options);
                    file.Flush(flushToDisk: true);
                }
                Replace(temp, path);
            }
            catch
            {
                TryDelete(temp);
                throw;
            }
        }

        /// <summary>Writes <paramref name="items"/> to <paramref name="path"/> atomically, asynchronously.</summary>
        public static Task WriteFileAsync<[AmberRoot] T>(string path, IEnumerable<T> items, AmberStreamOptions? options = null, CancellationToken cancellationToken = default) =>
            WriteFileAsync(path, file => AmberStream.WriteAsync(file, items, options, cancellationToken));

        /// <summary>Writes the items of an asynchronous sequence to <paramref name="path"/> atomically.</summary>
        public static Task WriteFileAsync<[AmberRoot] T>(string path, IAsyncEnumerable<T> items, AmberStreamOptions? options = null, CancellationToken cancellationToken = default) =>
            WriteFileAsync(path, file => AmberStream.WriteAsync(file, items, options, cancellationToken));

        private static async Task WriteFileAsync(string path, Func<Stream, Task> write)
        {
            string temp = TempPath(path);
            try
            {
                using (var file = new FileStream(temp, FileMode.CreateNew, FileAccess.Write, FileShare.None, 1 << 16, useAsync: true))
                {
                    await write(file).ConfigureAwait(false);
                    file.Flush(flushToDisk: true);
                }
                Replace(temp, path);
            }
            catch
            {
                TryDelete(temp);
                throw;
            }
        }

        /// <summary>Reads the items of a snapshot file one by one.</summary>
        public static IEnumerable<T> ReadFile<[AmberRoot] T>(string path, AmberStreamOptions? options = null)
        {
            using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16);
            foreach (T item in AmberStream.Read<T>(file, options)) yield return item;
        }

        /// <summary>Reads the items of a snapshot file one by one, asynchronously.</summary>
        public static async IAsyncEnumerable<T> ReadFileAsync<[AmberRoot] T>(string path, AmberStreamOptions? options = null,
            [System.Runtime.CompilerServices.EnumeratorCancellation] CancellationToken cancellationToken = default)
        {
            using var file = new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16, useAsync: true);
            await foreach (T item in AmberStream.ReadAsync<T>(file, options, cancellationToken).ConfigureAwait(false)) yield return item;
        }

        private static string TempPath(string path)
        {
            string full = Path.GetFullPath(path);
            return Path.Combine(Path.GetDirectoryName(full) ?? ".", "." + Path.GetFileName(full) + "." + Guid.NewGuid().ToString("N").Substring(0, 8) + ".tmp");
        }

        private static void Replace(string temp, string path)
        {
#if NET8_0_OR_GREATER
            File.Move(temp, path, overwrite: true);
#else
            if (File.Exists(path)) File.Replace(temp, path, null);
            else File.Move(temp, path);
#endif
        }

        private static void TryDelete(string temp)
        {
            try
            {
                File.Delete(temp);
            }
            catch (IOException)
            {
            }
            catch (UnauthorizedAccessException)
            {
            }
        }
    }
}
