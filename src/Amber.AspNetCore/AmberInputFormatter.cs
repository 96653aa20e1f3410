using System;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace Amber.AspNetCore
{
    /// <summary>
    /// Reads an <c>application/x-amber</c> request body into an MVC action's <c>[FromBody]</c> parameter. The body is read
    /// from the request's pipe and decoded from its segments in place. A body Amber rejects adds a model-state error
    /// carrying the <see cref="AmberException"/>'s message (what, where, the fix; no stack trace), so an
    /// <c>[ApiController]</c> answers 400 with a ProblemDetails; a body over the server's size limit or over
    /// <see cref="AmberOptions.MaxInputBytes"/> is refused with 413, as the framework refuses any oversize body.
    /// </summary>
    public sealed class AmberInputFormatter : InputFormatter
    {
        private readonly AmberOptions _options;

        /// <summary>A formatter for <see cref="AmberMediaTypes.Amber"/> that decodes with <paramref name="options"/> (<see cref="AmberOptions.Default"/> if null).</summary>
        public AmberInputFormatter(AmberOptions? options = null)
        {
            _options = AmberSupport.Options(options);
            SupportedMediaTypes.Add(AmberMediaTypes.Amber);
        }

        /// <summary>True for the types Amber has a formatter for: those the generator wrote one for, and those registered by hand.</summary>
        protected override bool CanReadType(Type type) => AmberFormatterRegistry.IsRegistered(type);

        /// <inheritdoc />
        public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
        {
            if (context == null) throw new ArgumentNullException(nameof(context));
            HttpContext http = context.HttpContext;
            object? model;
            try
            {
                model = await AmberRequestBody.ReadAsync(http.Request, context.ModelType, _options, http.RequestAborted).ConfigureAwait(false);
            }
            catch (AmberException ex)
            {
                context.ModelState.TryAddModelError(context.ModelName, ex.Message);
                return InputFormatterResult.Failure();
            }
            if (model == null && !context.TreatEmptyInputAsDefaultValue) return InputFormatterResult.NoValue();
            return InputFormatterResult.Success(model);
        }
    }
}
